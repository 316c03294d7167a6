// rmqalloc/names — the names the module knows, without loading it: for
// menus and forms drawn before (or without) the module. Generated from the
// Go side (lib/tables.generated.js), so they are always the module's own.
//
//   import { strategies, clientProfiles, profileLabel } from 'rmqalloc/names';

import { STRATEGY_NAMES, SIMULATED_STRATEGIES, CLIENT, CLIENT_PROFILE } from './lib/tables.generated.js';

/** Every consumer allocation strategy, in the registry's order. */
export const strategies = STRATEGY_NAMES;

/**
 * The strategies the doctor simulates for a member whose status names none;
 * also the strategies MACHINE_ROOM_NEARBY runs inside a room.
 */
export const simulatedStrategies = SIMULATED_STRATEGIES;

/** The profile of each client that allocates, in the clients' order: { JAVA493, JAVA533, GO }. */
export const clientProfiles = Object.freeze(Object.fromEntries(Object.keys(CLIENT).map((k) => [k, CLIENT_PROFILE[k]])));

/** A person's name for a profile: java-4.9.3 is 'Java client 4.9.3', go-client-2.1.2 'Go client 2.1.2'. */
export { profileLabel } from './lib/embed/views.js';
