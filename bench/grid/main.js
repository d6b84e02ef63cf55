// Entry of the grid benchmark page: installs the harness (grid-bench.tsx, type-checked with the
// renderer's DOM and JSX settings by tsconfig.web.json) where the driver can reach it.
import './bench.css';
import { installGridBench } from './grid-bench';

globalThis.gridBench = installGridBench(globalThis.document.getElementById('root'));
