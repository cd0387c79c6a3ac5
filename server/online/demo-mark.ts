/** The seed's mark for the online form demo (demo.ts): set by the seed of a new database. */
export const ONLINE_DEMO_MARK = 'online-demo';
