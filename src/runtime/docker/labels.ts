// Names shared by everything that creates, finds or sweeps our Docker objects.
import { NOBODY } from '../../lib/user.js'

/** On every container we create (never on images: a container anyone starts from one would carry it). */
export const LABEL_MANAGED = 'io.massgen-exec.managed'
export const LABEL_RUN = 'io.massgen-exec.run-id'
export const LABEL_AGENT = 'io.massgen-exec.agent-id'
export const LABEL_VERSION = 'io.massgen-exec.version'
/** The process that owns a container (see owner.ts): host, boot, pid and that pid's start time. */
export const LABEL_OWNER_HOST = 'io.massgen-exec.owner.host'
export const LABEL_OWNER_BOOT = 'io.massgen-exec.owner.boot-id'
export const LABEL_OWNER_PID = 'io.massgen-exec.owner.pid'
export const LABEL_OWNER_START = 'io.massgen-exec.owner.start'
/** On our images: sha256 of the bundled docker/ build context they were built from. */
export const LABEL_CONTEXT_HASH = 'io.massgen-exec.context-hash'
export const LABEL_VARIANT = 'io.massgen-exec.variant'

export {
  DEFAULT_IMAGE,
  DEFAULT_SUDO_IMAGE,
  DEFAULT_USER as AGENT_USER
} from '../../config/defaults.js'
export const AGENT_HOME = '/home/massgen'
/** The keepalive (the container's main process) runs as nobody, so killing the agent uid spares it. */
export const KEEPALIVE_USER = NOBODY
