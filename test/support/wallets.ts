/** The demo wallets (test-mnemonic accounts) and personal_sign, shared with the seed and `npm run sign`. */
export { personalSign, signHash, TEST_MNEMONIC, testAccount, WALLET } from '../../infra/local/wallets';
