import { defineLedgerModelTest } from './helpers/ledger-model';

// The model test (see helpers/ledger-model.ts), second half of its runs.
defineLedgerModelTest({ index: 2, of: 2 });
