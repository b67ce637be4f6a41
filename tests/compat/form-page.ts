// A page object as projects write them: it imports `test` from @playwright/test, not from
// stagewright, and wraps its actions in `test.step`.
import { test, type Page } from '@playwright/test';

export class FormPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async fillName(name: string) {
    await test.step('page object fills name', async () => { // step: page object fills name
      await this.page.locator('#name').fill(name);
    });
  }
}
