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

renderCart();
