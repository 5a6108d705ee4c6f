/**
 * antd's Input and Input.Password on their own. antd's `Input` carries OTP, Search and TextArea
 * as static members, so importing it always bundles them (about 5 KiB of gzipped JS); the
 * email login form, which every visitor loads first, takes these two instead (issue 6,
 * point 13). Forms that load later keep `Input` from 'antd'.
 */
export { default as TextInput } from 'antd/es/input/Input';
export { default as PasswordInput } from 'antd/es/input/Password';
