// Type definitions for rmqalloc/names: the names the module knows, usable
// without loading it (menus, forms). No DOM types.

import type { AllocateProfile, StrategyName } from './index.js';

/** Every consumer allocation strategy, in the registry's order. */
export const strategies: readonly StrategyName[];

/**
 * The strategies the doctor simulates for a member whose status names none;
 * also the strategies MACHINE_ROOM_NEARBY runs inside a room.
 */
export const simulatedStrategies: readonly StrategyName[];

/** The profile of each client that allocates. */
export const clientProfiles: Readonly<{ JAVA493: 'java-4.9.3'; JAVA533: 'java-5.3.3'; GO: 'go-client-2.1.2' }> & Readonly<Record<string, AllocateProfile>>;

/** A person's name for a profile: java-4.9.3 is 'Java client 4.9.3', go-client-2.1.2 'Go client 2.1.2'; another text as it is. */
export function profileLabel(profile: string): string;
