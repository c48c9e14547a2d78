/**
 * Writes a tiny, valid GGUF model (format v3: github.com/ggml-org/ggml/blob/master/docs/gguf.md)
 * that llama.cpp loads: a one-layer llama with 32-wide embeddings and a byte-level SentencePiece
 * vocabulary (<unk>, <s>, </s> and the 256 bytes). No registry here ships generative weights, so
 * the local tier is tested with this.
 *
 * The weights are chosen, not trained: every layer's output projection is zero, so the hidden
 * state is always the (normalised) embedding, whose first dimension is 1 for every token; the
 * output matrix then turns a fixed preference per token into its logit. With a JSON-schema
 * grammar this model writes the shortest JSON the schema allows — strings of the fewest
 * characters ("a" where one is required), arrays of the fewest items — and ends the answer.
 */
import { writeFileSync } from 'node:fs';

const N_EMBD = 32;
const N_HEAD = 4;
const N_FF = 64;
const N_CTX = 8192;
const ALIGNMENT = 32;

const ValueType = {
  UINT32: 4,
  INT32: 5,
  FLOAT32: 6,
  BOOL: 7,
  STRING: 8,
  ARRAY: 9,
} as const;
type ValueType = (typeof ValueType)[keyof typeof ValueType];

type Value =
  | {
      type: typeof ValueType.UINT32 | typeof ValueType.INT32 | typeof ValueType.FLOAT32;
      value: number;
    }
  | { type: typeof ValueType.BOOL; value: boolean }
  | { type: typeof ValueType.STRING; value: string }
  | { type: typeof ValueType.ARRAY; of: typeof ValueType.STRING; value: string[] }
  | {
      type: typeof ValueType.ARRAY;
      of: typeof ValueType.FLOAT32 | typeof ValueType.INT32;
      value: number[];
    };

class Writer {
  private chunks: Buffer[] = [];
  length = 0;
  private push(buffer: Buffer) {
    this.chunks.push(buffer);
    this.length += buffer.length;
  }
  u32(n: number) {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    this.push(b);
  }
  i32(n: number) {
    const b = Buffer.alloc(4);
    b.writeInt32LE(n);
    this.push(b);
  }
  u64(n: number) {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(n));
    this.push(b);
  }
  f32(n: number) {
    const b = Buffer.alloc(4);
    b.writeFloatLE(n);
    this.push(b);
  }
  string(s: string) {
    const bytes = Buffer.from(s, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }
  raw(buffer: Buffer) {
    this.push(buffer);
  }
  pad() {
    const rest = this.length % ALIGNMENT;
    if (rest) this.push(Buffer.alloc(ALIGNMENT - rest));
  }
  value(v: Value) {
    this.u32(v.type);
    switch (v.type) {
      case ValueType.UINT32:
        return this.u32(v.value);
      case ValueType.INT32:
        return this.i32(v.value);
      case ValueType.FLOAT32:
        return this.f32(v.value);
      case ValueType.BOOL:
        return this.raw(Buffer.from([v.value ? 1 : 0]));
      case ValueType.STRING:
        return this.string(v.value);
      case ValueType.ARRAY:
        this.u32(v.of);
        this.u64(v.value.length);
        for (const item of v.value) {
          if (v.of === ValueType.STRING) this.string(item as string);
          else if (v.of === ValueType.INT32) this.i32(item as number);
          else this.f32(item as number);
        }
    }
  }
  toBuffer() {
    return Buffer.concat(this.chunks);
  }
}

/** How much this model wants each byte next (higher first); JSON's closing marks lead. */
function preference(byte: number): number {
  const c = String.fromCharCode(byte);
  if (c === '"') return 15;
  if (c === '}') return 14;
  if (c === ']') return 13;
  if (c === ',') return 12;
  if (c === 'a') return 9;
  if (c === '1') return 8;
  if (c >= 'a' && c <= 'z') return 6 - (byte - 97) * 0.1;
  if (c >= '0' && c <= '9') return 5;
  if (c === ' ' || c === '\n' || c === '\t' || c === '\r') return -5;
  if (byte < 0x20 || byte >= 0x7f) return -20;
  return 2;
}

/** The model file's bytes. */
export function tinyGguf(): Buffer {
  const tokens = ['<unk>', '<s>', '</s>'];
  const types = [2, 3, 3];
  for (let b = 0; b < 256; b += 1) {
    tokens.push(`<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`);
    types.push(6);
  }
  // SentencePiece writes a space as "▁"; as a token of its own it reads back as a space
  tokens.push('\u2581');
  types.push(1);
  const vocab = tokens.length;
  const prefs = [0, -30, 20, ...Array.from({ length: 256 }, (_, b) => preference(b)), -5];

  const kv: [string, Value][] = [
    ['general.architecture', { type: ValueType.STRING, value: 'llama' }],
    ['general.name', { type: ValueType.STRING, value: 'assay-tiny-test' }],
    ['general.alignment', { type: ValueType.UINT32, value: ALIGNMENT }],
    ['llama.context_length', { type: ValueType.UINT32, value: N_CTX }],
    ['llama.embedding_length', { type: ValueType.UINT32, value: N_EMBD }],
    ['llama.block_count', { type: ValueType.UINT32, value: 1 }],
    ['llama.feed_forward_length', { type: ValueType.UINT32, value: N_FF }],
    ['llama.attention.head_count', { type: ValueType.UINT32, value: N_HEAD }],
    ['llama.attention.head_count_kv', { type: ValueType.UINT32, value: N_HEAD }],
    ['llama.rope.dimension_count', { type: ValueType.UINT32, value: N_EMBD / N_HEAD }],
    ['llama.attention.layer_norm_rms_epsilon', { type: ValueType.FLOAT32, value: 1e-5 }],
    ['tokenizer.ggml.model', { type: ValueType.STRING, value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: ValueType.ARRAY, of: ValueType.STRING, value: tokens }],
    [
      'tokenizer.ggml.scores',
      { type: ValueType.ARRAY, of: ValueType.FLOAT32, value: tokens.map(() => 0) },
    ],
    ['tokenizer.ggml.token_type', { type: ValueType.ARRAY, of: ValueType.INT32, value: types }],
    ['tokenizer.ggml.unknown_token_id', { type: ValueType.UINT32, value: 0 }],
    ['tokenizer.ggml.bos_token_id', { type: ValueType.UINT32, value: 1 }],
    ['tokenizer.ggml.eos_token_id', { type: ValueType.UINT32, value: 2 }],
    ['tokenizer.ggml.add_bos_token', { type: ValueType.BOOL, value: true }],
  ];

  const zeros = (n: number) => new Float32Array(n);
  const ones = (n: number) => new Float32Array(n).fill(1);
  const embeddings = zeros(N_EMBD * vocab);
  const output = zeros(N_EMBD * vocab);
  for (let t = 0; t < vocab; t += 1) {
    embeddings[t * N_EMBD] = 1;
    output[t * N_EMBD] = prefs[t]! * 10;
  }
  // ggml lists dimensions innermost first: a [N_EMBD, vocab] matrix is vocab rows of N_EMBD.
  const tensors: [string, number[], Float32Array][] = [
    ['token_embd.weight', [N_EMBD, vocab], embeddings],
    ['output_norm.weight', [N_EMBD], ones(N_EMBD)],
    ['output.weight', [N_EMBD, vocab], output],
    ['blk.0.attn_norm.weight', [N_EMBD], ones(N_EMBD)],
    ['blk.0.attn_q.weight', [N_EMBD, N_EMBD], zeros(N_EMBD * N_EMBD)],
    ['blk.0.attn_k.weight', [N_EMBD, N_EMBD], zeros(N_EMBD * N_EMBD)],
    ['blk.0.attn_v.weight', [N_EMBD, N_EMBD], zeros(N_EMBD * N_EMBD)],
    ['blk.0.attn_output.weight', [N_EMBD, N_EMBD], zeros(N_EMBD * N_EMBD)],
    ['blk.0.ffn_norm.weight', [N_EMBD], ones(N_EMBD)],
    ['blk.0.ffn_gate.weight', [N_EMBD, N_FF], zeros(N_EMBD * N_FF)],
    ['blk.0.ffn_up.weight', [N_EMBD, N_FF], zeros(N_EMBD * N_FF)],
    ['blk.0.ffn_down.weight', [N_FF, N_EMBD], zeros(N_FF * N_EMBD)],
  ];

  const w = new Writer();
  w.raw(Buffer.from('GGUF', 'ascii'));
  w.u32(3);
  w.u64(tensors.length);
  w.u64(kv.length);
  for (const [key, value] of kv) {
    w.string(key);
    w.value(value);
  }
  let offset = 0;
  const aligned = (n: number) => Math.ceil(n / ALIGNMENT) * ALIGNMENT;
  for (const [name, dims, data] of tensors) {
    w.string(name);
    w.u32(dims.length);
    for (const d of dims) w.u64(d);
    w.u32(0); // GGML_TYPE_F32
    w.u64(offset);
    offset += aligned(data.byteLength);
  }
  w.pad();
  for (const [, , data] of tensors) {
    w.raw(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    w.pad();
  }
  return w.toBuffer();
}

/** Writes the tiny model to `file` and returns its path. */
export function writeTinyGguf(file: string): string {
  writeFileSync(file, tinyGguf());
  return file;
}
