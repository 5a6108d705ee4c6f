/**
 * The contracts' zod fields the forms check. This module (and zod with it) is loaded by
 * zod-rule.ts when a form first validates, not with the page: a login page that only renders
 * does not pay for the schemas.
 */
export { phoneField } from '@tollgate/contracts/account';
export {
  appDescriptionField,
  appNameField,
  callbackUrlField,
  telegramField,
} from '@tollgate/contracts/application';
export { codeField, emailField, loginPasswordField, passwordField } from '@tollgate/contracts/validation';
