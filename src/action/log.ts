// Printing text an agent controls into the Actions log without letting it issue workflow
// commands: it goes out between ::stop-commands::<random token> and ::<token>::, and each line is
// indented so that none starts with "::" even if a runner ignored stop-commands.
import * as core from '@actions/core'
import { randomUUID } from 'node:crypto'

export function printUntrusted(text: string): void {
  if (!text) return
  const token = `massgen-${randomUUID()}`
  core.info(`::stop-commands::${token}`)
  for (const line of text.replace(/\n$/, '').split('\n')) core.info(`  ${line.replace(/\r/g, '')}`)
  core.info(`::${token}::`)
}

/** One line of our own that embeds untrusted fragments (names, commands): neutralise "::". */
export function safeLine(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/::/g, ':\u200b:')
}
