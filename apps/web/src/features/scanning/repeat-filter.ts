/**
 * A camera held over one barcode reads it many times a second: a code counts once, and again only after it has
 * been out of sight for `quietMs` (a clerk who scans the same product twice moves the phone away in between).
 * Answers whether this sighting is a new scan.
 */
export function createRepeatFilter(quietMs: number): (code: string, now: number) => boolean {
  const lastSeen = new Map<string, number>();
  return (code, now) => {
    const previous = lastSeen.get(code);
    lastSeen.set(code, now);
    // Forget codes long out of sight, so a long shift's scans do not pile up.
    for (const [seen, at] of lastSeen) if (now - at > quietMs) lastSeen.delete(seen);
    return previous === undefined || now - previous > quietMs;
  };
}
