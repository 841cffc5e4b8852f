// V8 tiering tuned for short batch jobs. By default TurboFan optimises a function soon after it
// starts, which suits servers that live for hours. A 10,000-file scan lives for two seconds:
// with the default threshold V8's compiler threads spent ~1 s of CPU optimising code that had
// little time left to pay it back, and on two cores that CPU came straight off the parse worker.
// With a threshold 15 times higher only the functions that stay hot are optimised: the scan
// takes about a fifth less CPU and wall time (bench/scan.mjs). A long-lived sidecar loses nothing
// that matters: its hot paths reach the threshold within seconds.
// Flags are process-wide, so the parse worker runs with this too. It must be set before the
// scanner's code runs: the entry imports this module first.
import { setFlagsFromString } from 'node:v8';
import { tieringFlag } from './tiering-flag';

const flag = tieringFlag();
if (flag) setFlagsFromString(flag);
