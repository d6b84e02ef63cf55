// Entry of the grid benchmark page. The harness is TypeScript under renderer/src (it needs the
// renderer's DOM and JSX settings); this file only installs it where the driver can reach it.
import './bench.css';
import { installGridBench } from '../../renderer/src/instruments/bench/grid-bench';

globalThis.gridBench = installGridBench(globalThis.document.getElementById('root'));
