import { test, expect, type Stagewright } from 'stagewright';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
});

interface TodoItem {
  ref: string;
  text: string;
  checkbox: string;
  remove: string;
}

// A to-do item has no accessible name and every "×" button is called "×": only the content
// tells them apart. The item's text is on the <li> entry, or on the child that holds it (<span>).
async function todoItems(sw: Stagewright): Promise<TodoItem[]> {
  const { entries } = await sw.snapshot();
  const list = entries.find(entry => entry.role === 'list' && entry.name === 'To-do list');
  expect(list, 'the to-do list is in the snapshot').toBeTruthy();
  return entries.filter(entry => entry.role === 'listitem' && entry.parent === list!.ref).map(item => {
    const children = entries.filter(entry => entry.parent === item.ref);
    return {
      ref: item.ref,
      text: item.text ?? children.find(child => child.text)?.text ?? '',
      checkbox: children.find(child => child.role === 'checkbox')!.ref,
      remove: children.find(child => child.role === 'button')!.ref,
    };
  });
}

function byText(items: TodoItem[], text: string): TodoItem {
  const item = items.find(item => item.text === text);
  expect(item, `a to-do item "${text}"`).toBeTruthy();
  return item!;
}

// The ref still names its item: it exists, is a list item, and holds that item's text.
async function expectSameItem(sw: Stagewright, item: TodoItem) {
  await expect(sw).toHaveRef(item.ref, { role: 'listitem' });
  await expect(sw.ref(item.ref)).toContainText(item.text);
}

// An item that left the page: its ref resolves to nothing, or to an element with its own text
// (a re-rendered copy of it) — never to another item.
async function expectGoneOrSameItem(sw: Stagewright, item: TodoItem) {
  const locator = sw.ref(item.ref);
  if (await locator.count() > 0)
    await expect(locator).toContainText(item.text);
}

async function buttonRef(sw: Stagewright, name: string): Promise<string> {
  const [button] = await sw.find({ role: 'button', name, exact: true });
  return button.ref;
}

test('to-do items keep their refs through deletes, filters and re-renders', async ({ stagewright: sw }) => {
  const items = await todoItems(sw);
  expect(items.map(item => item.text)).toEqual(['Walk dog', 'Buy milk', 'Call mom', 'Water plants', 'Pay rent', 'Read book']);
  const walkDog = byText(items, 'Walk dog');
  const buyMilk = byText(items, 'Buy milk');
  const callMom = byText(items, 'Call mom');
  const waterPlants = byText(items, 'Water plants');
  const payRent = byText(items, 'Pay rent');
  const readBook = byText(items, 'Read book');

  await test.step('complete "Call mom" through its checkbox ref', async () => {
    await sw.ref(callMom.checkbox).click();
    await expect(sw).toHaveRef(callMom.checkbox, { role: 'checkbox', state: { checked: true } });
    await expect(sw).toHaveEntry({ role: 'paragraph', name: '3 items left' });
  });

  await test.step('delete "Buy milk" (keyed rendering)', async () => {
    await sw.ref(buyMilk.remove).click();
    await expect(sw).toHaveEntryCount({ role: 'button', name: '×', exact: true }, 5);
    await expect(sw.ref(buyMilk.ref)).toHaveCount(0);
    for (const item of [walkDog, callMom, waterPlants, payRent, readBook])
      await expectSameItem(sw, item);
  });

  await test.step('filter Completed', async () => {
    const completed = await buttonRef(sw, 'Completed');
    await sw.ref(completed).click();
    await expect(sw).toHaveRef(completed, { role: 'button', state: { pressed: true } });
    await expect(sw).toHaveEntryCount({ role: 'button', name: '×', exact: true }, 2);
    await expectSameItem(sw, callMom);
    await expectSameItem(sw, waterPlants);
    for (const item of [walkDog, payRent, readBook])
      await expectGoneOrSameItem(sw, item);
  });

  await test.step('filter All', async () => {
    await sw.ref(await buttonRef(sw, 'All')).click();
    await expect(sw).toHaveEntryCount({ role: 'button', name: '×', exact: true }, 5);
    await expectSameItem(sw, callMom);
    await expectSameItem(sw, waterPlants);
    for (const item of [walkDog, payRent, readBook])
      await expectGoneOrSameItem(sw, item);
    expect((await todoItems(sw)).map(item => item.text)).toEqual(['Walk dog', 'Call mom', 'Water plants', 'Pay rent', 'Read book']);
  });

  // From here on every change rebuilds the whole list: each <li> is a new element, and only its
  // content says which item it is.
  await test.step('switch to innerHTML rendering', async () => {
    const [rendering] = await sw.find({ role: 'combobox', name: 'Rendering' });
    await sw.ref(rendering.ref).selectOption('innerHTML');
    await expect(sw).toHaveRef(rendering.ref, { role: 'combobox', name: 'Rendering' });
    for (const item of [callMom, waterPlants])
      await expectSameItem(sw, item);
  });

  await test.step('delete "Walk dog" (innerHTML rendering)', async () => {
    const before = await todoItems(sw);
    const first = byText(before, 'Walk dog');
    await sw.ref(first.remove).click();
    await expect(sw).toHaveEntryCount({ role: 'button', name: '×', exact: true }, 4);
    // The first item is gone: its ref must not move on to "Call mom", now first in the list.
    await expect(sw.ref(first.ref)).toHaveCount(0);
    for (const item of before.filter(item => item !== first))
      await expectSameItem(sw, item);
  });

  await test.step('filter Active (innerHTML rendering)', async () => {
    const before = await todoItems(sw);
    await sw.ref(await buttonRef(sw, 'Active')).click();
    await expect(sw).toHaveEntryCount({ role: 'button', name: '×', exact: true }, 2);
    for (const item of before) {
      if (item.text === 'Pay rent' || item.text === 'Read book')
        await expectSameItem(sw, item);
      else
        await expectGoneOrSameItem(sw, item);
    }
  });

  await test.step('add "Feed cat" and delete "Pay rent" (innerHTML rendering)', async () => {
    const [input] = await sw.find({ role: 'textbox', name: 'To-do', exact: true });
    await sw.ref(input.ref).fill('Feed cat');
    await sw.ref(await buttonRef(sw, 'Add')).click();
    await expect(sw).toHaveEntryCount({ role: 'button', name: '×', exact: true }, 3);
    const before = await todoItems(sw);
    expect(before.map(item => item.text)).toEqual(['Pay rent', 'Read book', 'Feed cat']);
    const payRentNow = byText(before, 'Pay rent');
    await sw.ref(payRentNow.remove).click();
    await expect(sw).toHaveEntryCount({ role: 'button', name: '×', exact: true }, 2);
    await expect(sw.ref(payRentNow.ref)).toHaveCount(0);
    await expectSameItem(sw, byText(before, 'Read book'));
    await expectSameItem(sw, byText(before, 'Feed cat'));
    await expect(sw).toHaveEntry({ role: 'paragraph', name: '2 items left' });
  });
});

test('sorting the people table moves rows, and their refs go with them', async ({ stagewright: sw }) => {
  async function bodyRows() {
    const { entries } = await sw.snapshot();
    const [header] = entries.filter(entry => entry.role === 'columnheader');
    return entries.filter(entry => entry.role === 'row' && entry.ref !== header.parent).map(row => ({ ref: row.ref, name: row.name }));
  }
  async function header(name: string) {
    const [entry] = await sw.find({ role: 'columnheader', name, exact: true });
    return entry;
  }
  async function sortBy(name: string) {
    const { ref } = await header(name);
    const [button] = (await sw.find({ role: 'button', name, exact: true }));
    expect(button.parent).toBe(ref);
    await sw.ref(button.ref).click();
  }

  const rows = await bodyRows();
  expect(rows).toHaveLength(8);
  const refByName = new Map(rows.map(row => [row.name, row.ref]));
  const age = (name: string) => Number(name.split(' ').at(-1));
  const byAge = rows.map(row => row.name).sort((a, b) => age(a) - age(b));

  await test.step('sort by Age', async () => {
    await sortBy('Age');
    expect((await header('Age')).state).toMatchObject({ sort: 'ascending' });
    const after = await bodyRows();
    expect(after.map(row => row.name)).toEqual(byAge);
    // The same <tr> elements, moved: every row kept its ref.
    expect(after.map(row => row.ref)).toEqual(byAge.map(name => refByName.get(name)));
    const youngest = refByName.get('Frances Allen 39')!;
    await expect(sw.ref(youngest)).toHaveAccessibleName('Frances Allen 39');
    await expect(sw.ref(youngest).getByRole('cell').first()).toHaveText('Frances');
  });

  await test.step('sort by Age again: descending', async () => {
    await sortBy('Age');
    expect((await header('Age')).state).toMatchObject({ sort: 'descending' });
    const after = await bodyRows();
    expect(after.map(row => row.name)).toEqual([...byAge].reverse());
    expect(after.map(row => row.ref)).toEqual([...byAge].reverse().map(name => refByName.get(name)));
  });

  await test.step('sort by Last Name', async () => {
    await sortBy('Last Name');
    expect((await header('Last Name')).state).toMatchObject({ sort: 'ascending' });
    expect((await header('Age')).state).not.toHaveProperty('sort', 'descending');
    const after = await bodyRows();
    expect(after[0].name).toBe('Frances Allen 39');
    expect(after.at(-1)!.name).toBe('Alan Turing 41');
    for (const row of after)
      await expect(sw).toHaveRef(refByName.get(row.name)!, { role: 'row', name: row.name, exact: true });
  });
});
