// The fair random stream of DESIGN.md ("Fair randomness — contract"), computed in this browser with WebCrypto:
// the verify page checks a record's commitment and every draw with it, without asking the server.
//   key      = HMAC-SHA256(key=seed, msg=UTF-8("moontable/1\n" + "\n".join(client_seeds)))
//   block(k) = HMAC-SHA256(key=key, msg=UTF-8(decimal k)); the stream is block(0) || block(1) || ...
//   read 8 bytes at a time as a big-endian uint64; below(n) rejects u >= 2^64 - (2^64 mod n), returns u mod n
const TWO64 = 1n << 64n;
const utf8 = new TextEncoder();

/** Whether this browser can compute the stream (WebCrypto is only given to secure pages: https or localhost). */
export function canCheck() {
  return !!(globalThis.crypto && crypto.subtle);
}

export function hexToBytes(hex) {
  if (!/^([0-9a-f]{2})*$/.test(hex)) throw new Error("not lowercase hex");
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

export function bytesToHex(bytes) {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** SHA-256 of the seed, lowercase hex: the commitment shown at the start. */
export async function commitmentOf(seedHex) {
  return bytesToHex(await crypto.subtle.digest("SHA-256", hexToBytes(seedHex)));
}

async function hmacKey(raw) {
  return crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

export class FairStream {
  /** The stream of a 32-byte seed (hex) and the client seeds, in seat order. */
  static async open(seedHex, clientSeeds = []) {
    const seed = hexToBytes(seedHex);
    if (seed.length !== 32) throw new Error("a seed is 32 bytes");
    const key = await crypto.subtle.sign("HMAC", await hmacKey(seed), utf8.encode(`moontable/1\n${clientSeeds.join("\n")}`));
    const s = new FairStream();
    s.key = await hmacKey(key);
    s.block = 0;
    s.buf = null;
    s.pos = 32;
    return s;
  }

  async u64() {
    if (this.pos + 8 > 32) {
      this.buf = new DataView(await crypto.subtle.sign("HMAC", this.key, utf8.encode(String(this.block))));
      this.block += 1;
      this.pos = 0;
    }
    const v = this.buf.getBigUint64(this.pos, false);
    this.pos += 8;
    return v;
  }

  /** A uniform integer in [0, n), as a BigInt; n may be a number, a BigInt or a decimal string. */
  async below(n) {
    n = BigInt(n);
    if (n < 1n) throw new Error("below(n) needs n >= 1");
    if (n === 1n) return 0n;
    const limit = TWO64 - (TWO64 % n);
    let u = await this.u64();
    while (u >= limit) u = await this.u64();
    return u % n;
  }
}

/** JSON.parse that keeps integers past 2^53 exact (as BigInt), where the browser gives a reviver the source. */
export function parseExact(text) {
  return JSON.parse(text, (key, value, context) => {
    if (typeof value === "number" && !Number.isSafeInteger(value) && Number.isInteger(value) && context && context.source
      && /^-?\d+$/.test(context.source)) return BigInt(context.source);
    return value;
  });
}

const HEX64 = /^[0-9a-f]{64}$/;
const isInt = (x) => typeof x === "bigint" || Number.isSafeInteger(x);

/** The checks this browser makes of a record: [{name, ok, message}], in order, stopping at the first that
 *  cannot go on. `progress(done, total)` is called now and then during a long stream. */
export async function checkRecord(rec, progress = () => {}) {
  const out = [];
  const fail = (name, message) => { out.push({ name, ok: false, message }); return out; };
  if (!rec || typeof rec !== "object" || rec.format !== "moontable-record/1") return fail("format", "not a moontable record (format moontable-record/1)");
  if (typeof rec.seed !== "string") return fail("format", "the record has no seed: the game has not ended");
  if (!HEX64.test(rec.seed)) return fail("format", "'seed' must be 64 lowercase hex characters");
  if (typeof rec.commitment !== "string" || !HEX64.test(rec.commitment)) return fail("format", "'commitment' must be 64 lowercase hex characters");
  if (!Array.isArray(rec.client_seeds) || !rec.client_seeds.every((c) => typeof c === "string")) return fail("format", "'client_seeds' must be a list of strings");
  if (!Array.isArray(rec.draws)) return fail("format", "'draws' must be a list");
  for (const [i, d] of rec.draws.entries()) {
    if (!(Array.isArray(d) && d.length === 2 && isInt(d[0]) && isInt(d[1]) && BigInt(d[1]) >= 0n && BigInt(d[1]) < BigInt(d[0]))) {
      return fail("format", `draw ${i + 1} must be [n, value] with 0 <= value < n`);
    }
  }
  out.push({ name: "format", ok: true, message: `a ${rec.game} record with its seed and ${rec.draws.length} draws` });
  const made = await commitmentOf(rec.seed);
  out.push(made === rec.commitment
    ? { name: "commitment", ok: true, message: "SHA-256(seed) equals the commitment" }
    : { name: "commitment", ok: false, message: `the seed's fingerprint is ${made}, not the ${rec.commitment} shown at the table` });
  const stream = await FairStream.open(rec.seed, rec.client_seeds);
  const total = rec.draws.length;
  for (const [i, [n, value]] of rec.draws.entries()) {
    const want = await stream.below(n);
    if (want !== BigInt(value)) {
      return fail("draws", `random number ${i + 1} (of ${n} possible) is ${value} in the record, but the seed gives ${want}`);
    }
    if (i % 256 === 255) progress(i + 1, total);
  }
  progress(total, total);
  out.push({ name: "draws", ok: true, message: `all ${total} draws match the fair stream` });
  return out;
}
