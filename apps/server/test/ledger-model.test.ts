import { defineLedgerModelTest } from './helpers/ledger-model';

// The model test (see helpers/ledger-model.ts), first half of its runs; ledger-model-2.test.ts
// runs the second, in the suite's other worker.
defineLedgerModelTest({ index: 1, of: 2 });
