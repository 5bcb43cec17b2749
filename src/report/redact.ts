// Secret values (credentials passed into containers) are replaced in everything we write or
// print. The runner masks only its own log; artifacts and files go up byte for byte.

export const REDACTED = '***'

export class Redactor {
  private secrets: string[] = []

  add(value: string | undefined): void {
    // Very short values would shred unrelated text and protect nothing.
    if (!value || value.length < 4 || this.secrets.includes(value)) return
    this.secrets.push(value)
    // Longest first, so a secret containing another is replaced whole.
    this.secrets.sort((a, b) => b.length - a.length)
  }

  get values(): readonly string[] {
    return this.secrets
  }

  apply(text: string): string {
    let out = text
    for (const s of this.secrets) out = out.split(s).join(REDACTED)
    return out
  }
}
