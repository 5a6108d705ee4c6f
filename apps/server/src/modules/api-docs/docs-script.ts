/**
 * The documentation page's only script: each code block's copy button copies the block's text
 * (the Clipboard API, else a selection and execCommand) and says so for 2 s; a language link
 * keeps the place read (the anchors are the same in every language), which the server, not
 * seeing the fragment, cannot put in the link.
 */
export const DOCS_SCRIPT = `document.addEventListener('click', function (event) {
  var language = event.target.closest && event.target.closest('a[data-lang]');
  if (language) {
    if (location.hash) language.href = language.getAttribute('href').split('#')[0] + location.hash;
    return;
  }
  var button = event.target.closest && event.target.closest('button.copy');
  if (!button) return;
  var code = button.parentNode.querySelector('pre');
  var text = code.innerText;
  var label = button.textContent;
  function say(message) {
    button.textContent = message;
    setTimeout(function () { button.textContent = label; }, 2000);
  }
  function fallback() {
    var range = document.createRange();
    range.selectNodeContents(code);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    say(document.execCommand && document.execCommand('copy') ? button.dataset.copied : button.dataset.failed);
  }
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(text).then(function () { say(button.dataset.copied); }, fallback);
  } else {
    fallback();
  }
});
`;
