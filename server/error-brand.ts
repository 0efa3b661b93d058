/**
 * Makes `instanceof` recognise an error class by a registered brand instead of by prototype.
 *
 * Next bundles the proxy, the pages and each route handler separately, so one process can hold
 * several copies of a module, and an error thrown by one copy is not an instance of another
 * copy's class. The brand is a `Symbol.for` key (one registry per process, shared by every copy)
 * set on the class's prototype; `instanceof` then asks for the brand, which subclasses inherit
 * and which a subclass adds its own of, exactly like the prototype chain.
 */
type ErrorClass = abstract new (...args: never[]) => Error;

export function brandError<C extends ErrorClass>(errorClass: C, brand: string): C {
  const key = Symbol.for(`dzb.error.${brand}`);
  Object.defineProperty(errorClass.prototype, key, { value: true });
  Object.defineProperty(errorClass, Symbol.hasInstance, {
    value: (candidate: unknown) =>
      typeof candidate === 'object' && candidate !== null && (candidate as Record<symbol, unknown>)[key] === true,
  });
  return errorClass;
}
