// Tests run outside React's server environment, where the real 'server-only' module throws.
export {};
