/**
 * `true` when A and B have the same fields (each assignable to the other), otherwise `false`. Where a
 * server module builds a response shape in a type of its own (a pure kernel that must not import the
 * contracts), `const check: SameShape<Kernel, Contract> = true` makes a field added on one side and
 * not the other fail the type-check.
 */
export type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
