/**
 * Answers a handler hands out again and again (the same message object for every reader of a
 * stored availability) are serialized once per wire format: writing the 9.5 kB JSON of a hotel's
 * rooms cost more than everything else of such a read. Only a message declared shared here is
 * remembered, and it is frozen, so what was written for it stays what it holds.
 */
const written = new WeakMap<object, { json?: Uint8Array; binary?: Uint8Array }>();

/** Declares an answer that is handed out unchanged to every caller; returns it, frozen. */
export function sharedAnswer<T extends object>(message: T): T {
  if (!written.has(message)) written.set(deepFreeze(message), {});
  return message;
}

/** The bytes of an answer: remembered for a shared one, written by `write` otherwise. */
export function serializedAnswer(message: object, binary: boolean, write: () => Uint8Array): Uint8Array {
  const known = written.get(message);
  if (!known) return write();
  const format = binary ? 'binary' : 'json';
  return (known[format] ??= write());
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value) || ArrayBuffer.isView(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}
