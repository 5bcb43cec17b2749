// The files a simple command statically writes, removes or creates: the destination of `cp`, `mv`,
// `ln`, `install`, the operands of `touch`, `tee`, `rm`, `rmdir`, `mkdir`, `truncate`, `shred`,
// and `dd of=`. Only words known before the command runs count (a `$VAR` or `$(…)` is not
// guessed at). Used by the read-only-path rule, which the sandbox backs up where there is one.
import type { Level } from './analyze.js'

/** Options that take a value (the next word), per command; `--opt=value` needs no entry. */
const VALUED: Record<string, string[]> = {
  cp: ['-S', '--suffix'],
  mv: ['-S', '--suffix'],
  ln: ['-S', '--suffix'],
  install: ['-m', '--mode', '-o', '--owner', '-g', '--group', '-S', '--suffix'],
  touch: ['-d', '--date', '-t', '-r', '--reference'],
  truncate: ['-s', '--size', '-r', '--reference'],
  mkdir: ['-m', '--mode'],
  shred: ['-n', '--iterations', '-s', '--size', '--random-source']
}
/** The last operand is the destination; `-t DIR` names it instead. */
const TO_LAST = new Set(['cp', 'mv', 'ln', 'install'])
/** Every operand is written. */
const EVERY = new Set(['touch', 'tee', 'rm', 'rmdir', 'mkdir', 'truncate', 'shred'])

export function writeTargets(level: Level): string[] {
  const name = level.name
  const args = level.words.slice(1)
  if (name === 'dd')
    return args.filter((w) => !w.dynamic && w.value.startsWith('of=')).map((w) => w.value.slice(3))
  if (!TO_LAST.has(name) && !EVERY.has(name)) return []
  const operands: { value: string; dynamic: boolean }[] = []
  let target: string | undefined
  let options = true
  for (let i = 0; i < args.length; i++) {
    const w = args[i]
    if (options && w.value === '--') {
      options = false
      continue
    }
    if (options && w.value.startsWith('-') && w.value !== '-') {
      if (w.value === '-t' || w.value === '--target-directory') target = args[++i]?.value
      else if (w.value.startsWith('--target-directory=')) target = w.value.split('=')[1]
      else if ((VALUED[name] ?? []).includes(w.value)) i++
      continue
    }
    operands.push({ value: w.value, dynamic: w.dynamic })
  }
  const known = (ws: { value: string; dynamic: boolean }[]) =>
    ws.filter((w) => !w.dynamic).map((w) => w.value)
  if (TO_LAST.has(name)) {
    if (target !== undefined) return [target]
    return operands.length >= 2 ? known(operands.slice(-1)) : []
  }
  return known(operands).filter((v) => v !== '-')
}
