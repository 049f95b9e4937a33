/** The search's query lives in lib/domain (the protocol carries it); re-exported for lib/find. */
export * from '../domain/search-query';
