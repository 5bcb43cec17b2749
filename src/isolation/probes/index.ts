// Every probe that runs against a live container, by number. Probes 20 (cleanup) and 21 (engine
// CVEs) need no container and are evaluated by verify.ts itself.
import type { Probe } from '../types.js'
import { auditProbe } from './audit.js'
import { canaryProbe } from './canary.js'
import {
  egressAllowedProbe,
  egressBypassProbe,
  egressPrivateProbe,
  egressRefusedProbe
} from './egress.js'
import { symlinkProbe } from './collection.js'
import {
  hostPathsProbe,
  readOnlySubmountsProbe,
  rootfsWriteProbe,
  sizeLimitsProbe
} from './filesystem.js'
import {
  privilegedOpsProbe,
  procSysProbe,
  ptraceProbe,
  seccompProbe,
  setuidProbe
} from './kernel.js'
import { outputFloodProbe, timeoutsProbe } from './lifecycle.js'
import { harnessShimsProbe } from './harness.js'
import { dockerSocketProbe, networkProbe } from './network.js'
import { crossAgentProbe } from './peers.js'
import { cpuProbe, forkBombProbe, memoryBombProbe } from './resources.js'
import { runtimeProbe } from './runtime.js'
import { egressSocketProbe } from './egress-socket.js'
import { diskLimitProbe } from './disk.js'

export const CONTAINER_PROBES: Probe[] = [
  auditProbe,
  rootfsWriteProbe,
  hostPathsProbe,
  networkProbe,
  dockerSocketProbe,
  forkBombProbe,
  memoryBombProbe,
  cpuProbe,
  procSysProbe,
  privilegedOpsProbe,
  ptraceProbe,
  setuidProbe,
  seccompProbe,
  canaryProbe,
  timeoutsProbe,
  outputFloodProbe,
  sizeLimitsProbe,
  symlinkProbe,
  crossAgentProbe,
  harnessShimsProbe,
  egressAllowedProbe,
  egressRefusedProbe,
  egressBypassProbe,
  egressPrivateProbe,
  runtimeProbe,
  readOnlySubmountsProbe,
  egressSocketProbe,
  diskLimitProbe
]
