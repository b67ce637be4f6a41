// The demo app: plain DOM code that re-renders like a framework does (whole lists replaced).
const items = ['Tea', 'Coffee'];

function renderCart() {
  // Re-render the whole list: every <li> and every "Remove" button is a new element each time.
  const cart = document.getElementById('cart');
  cart.innerHTML = '';
  for (const [index, item] of items.entries()) {
    const li = document.createElement('li');
    li.textContent = item + ' ';
    const remove = document.createElement('button');
    remove.textContent = 'Remove';
    remove.setAttribute('aria-label', 'Remove ' + item);
    remove.addEventListener('click', () => {
      items.splice(index, 1);
      renderCart();
      setStatus(item + ' removed');
    });
    li.append(remove);
    cart.append(li);
  }
}

function setStatus(text) {
  document.getElementById('cart-status').textContent = text;
}

document.getElementById('add-form').addEventListener('submit', event => {
  event.preventDefault();
  const input = document.getElementById('new-item');
  const value = input.value.trim();
  if (!value)
    return;
  items.push(value);
  input.value = '';
  renderCart();
  setStatus(value + ' added, ' + items.length + ' items in the cart');
});

// The account menu: a menu button (https://www.w3.org/WAI/ARIA/apg/patterns/menu-button/).
const accountButton = document.getElementById('account-button');
const accountMenu = document.getElementById('account-menu');
function setMenuOpen(open) {
  accountButton.setAttribute('aria-expanded', String(open));
  accountMenu.hidden = !open;
  if (open)
    accountMenu.querySelector('[role=menuitem]').focus();
}
accountButton.addEventListener('click', () => setMenuOpen(accountButton.getAttribute('aria-expanded') !== 'true'));
accountMenu.addEventListener('click', event => {
  const item = event.target.closest('[role=menuitem]');
  if (!item)
    return;
  setMenuOpen(false);
  setStatus('Opened ' + item.textContent);
});

// The checkout form: validation messages are linked with aria-describedby, like real apps do.
const form = document.getElementById('checkout-form');
function showError(input, message) {
  const id = input.id + '-error';
  let error = document.getElementById(id);
  if (!error) {
    error = document.createElement('p');
    error.id = id;
    error.className = 'error';
    input.after(error);
  }
  error.textContent = message;
  input.setAttribute('aria-invalid', 'true');
  input.setAttribute('aria-describedby', id);
}
function clearError(input) {
  document.getElementById(input.id + '-error')?.remove();
  input.removeAttribute('aria-invalid');
}
form.addEventListener('submit', event => {
  event.preventDefault();
  let valid = true;
  for (const input of [form.elements.name, form.elements.email]) {
    clearError(input);
    if (!input.value.trim()) {
      showError(input, input.labels[0].textContent + ' is required');
      valid = false;
    }
  }
  if (valid && !/^[^@\s]+@[^@\s]+$/.test(form.elements.email.value)) {
    showError(form.elements.email, 'Enter an email address like name@example.com');
    valid = false;
  }
  if (!valid)
    return;
  document.getElementById('confirm-summary').textContent =
      `${items.length} items for ${form.elements.name.value}, ${form.elements.plan.selectedOptions[0].textContent} delivery.`;
  document.getElementById('confirm-dialog').showModal();
});

document.getElementById('confirm-cancel').addEventListener('click', () => document.getElementById('confirm-dialog').close());
document.getElementById('confirm-ok').addEventListener('click', () => {
  document.getElementById('confirm-dialog').close();
  setStatus('Order placed');
});

// The to-do list: its items have no accessible name, and every "×" button has the same one, so
// only their content tells them apart. Two ways to render it, chosen with "Rendering":
// 'innerHTML' rebuilds the whole list (new elements every time); 'keyed' keeps one <li> per to-do
// for the to-do's life and only inserts, removes or moves the ones that changed.
const todos = [
  { id: 1, text: 'Walk dog', done: false },
  { id: 2, text: 'Buy milk', done: true },
  { id: 3, text: 'Call mom', done: false },
  { id: 4, text: 'Water plants', done: true },
  { id: 5, text: 'Pay rent', done: false },
  { id: 6, text: 'Read book', done: false },
];
let nextTodoId = 7;
let todoFilter = 'all';
let todoRendering = 'keyed';
const todoElements = new Map();  // to-do id → its <li>, in keyed mode only
const todoList = document.getElementById('todo-list');

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, char => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]);
}

function todoElement(todo) {
  let li = todoElements.get(todo.id);
  if (!li) {
    li = document.createElement('li');
    li.dataset.id = todo.id;
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    const text = document.createElement('span');
    text.textContent = todo.text;
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.textContent = '×';
    li.append(checkbox, text, remove);
    todoElements.set(todo.id, li);
  }
  li.classList.toggle('done', todo.done);
  li.querySelector('input').checked = todo.done;
  return li;
}

function renderTodos() {
  const shown = todos.filter(todo => todoFilter === 'all' || todo.done === (todoFilter === 'completed'));
  if (todoRendering === 'innerHTML') {
    todoList.innerHTML = shown.map(todo =>
      `<li data-id="${todo.id}"${todo.done ? ' class="done"' : ''}>` +
      `<input type="checkbox"${todo.done ? ' checked' : ''}><span>${escapeHtml(todo.text)}</span><button type="button">×</button></li>`).join('');
  } else {
    const elements = shown.map(todoElement);
    for (const li of [...todoList.children]) {
      if (!elements.includes(li))
        li.remove();
    }
    elements.forEach((li, index) => {
      if (todoList.children[index] !== li)
        todoList.insertBefore(li, todoList.children[index] ?? null);
    });
  }
  const left = todos.filter(todo => !todo.done).length;
  document.getElementById('todo-count').textContent = `${left} ${left === 1 ? 'item' : 'items'} left`;
  for (const button of document.querySelectorAll('#todo-filters button'))
    button.setAttribute('aria-pressed', String(button.dataset.filter === todoFilter));
}

// One listener each on the list serves both modes: the <li> says which to-do it shows.
function todoOf(event) {
  const id = Number(event.target.closest('li').dataset.id);
  return todos.find(todo => todo.id === id);
}
todoList.addEventListener('change', event => {
  todoOf(event).done = event.target.checked;
  renderTodos();
});
todoList.addEventListener('click', event => {
  if (!event.target.matches('button'))
    return;
  const todo = todoOf(event);
  todos.splice(todos.indexOf(todo), 1);
  todoElements.delete(todo.id);
  renderTodos();
});
document.getElementById('todo-form').addEventListener('submit', event => {
  event.preventDefault();
  const input = document.getElementById('todo-text');
  const text = input.value.trim();
  if (!text)
    return;
  todos.push({ id: nextTodoId++, text, done: false });
  input.value = '';
  renderTodos();
});
document.getElementById('todo-filters').addEventListener('click', event => {
  const button = event.target.closest('button');
  if (!button)
    return;
  todoFilter = button.dataset.filter;
  renderTodos();
});
document.getElementById('todo-rendering').addEventListener('change', event => {
  todoRendering = event.target.value;
  todoElements.clear();
  renderTodos();
});

// The people table: sortable column headers (https://www.w3.org/WAI/ARIA/apg/patterns/table/examples/sortable-table/).
// Sorting moves the existing rows; no <tr> is ever re-created.
const people = [
  { first: 'Grace', last: 'Hopper', age: 85 },
  { first: 'Alan', last: 'Turing', age: 41 },
  { first: 'Margaret', last: 'Hamilton', age: 47 },
  { first: 'Edsger', last: 'Dijkstra', age: 72 },
  { first: 'Barbara', last: 'Liskov', age: 51 },
  { first: 'Donald', last: 'Knuth', age: 63 },
  { first: 'Ken', last: 'Thompson', age: 58 },
  { first: 'Frances', last: 'Allen', age: 39 },
];
const peopleBody = document.querySelector('#people tbody');
for (const person of people) {
  person.row = document.createElement('tr');
  for (const key of ['first', 'last', 'age']) {
    const cell = document.createElement('td');
    cell.textContent = person[key];
    person.row.append(cell);
  }
  peopleBody.append(person.row);
}
document.querySelector('#people thead').addEventListener('click', event => {
  const button = event.target.closest('button');
  if (!button)
    return;
  const header = button.closest('th');
  const direction = header.getAttribute('aria-sort') === 'ascending' ? 'descending' : 'ascending';
  // Only the sorted column carries aria-sort, as the APG example does.
  for (const th of document.querySelectorAll('#people th'))
    th.removeAttribute('aria-sort');
  header.setAttribute('aria-sort', direction);
  const key = button.dataset.key;
  const sign = direction === 'ascending' ? 1 : -1;
  people.sort((a, b) => sign * (key === 'age' ? a.age - b.age : a[key].localeCompare(b[key])));
  // append() moves a row that is already in the table.
  peopleBody.append(...people.map(person => person.row));
});

renderCart();
renderTodos();
