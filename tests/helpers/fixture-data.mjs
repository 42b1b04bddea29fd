// What the fixture servers (tests/fixtures/) serve and the tests compare against.
import { startFastMCP, startTsServer } from './servers.mjs';

/** The protocol revision both fixtures speak by default. */
export const VERSION = '2026-07-28';

/** The 1x1 PNG the fixtures return (tiny_image, fixture://pixel.png), base64. */
export const PNG_1X1_B64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** The tools both fixtures serve (FastMCP has a few more). */
export const FIXTURE_TOOLS = [
  'echo',
  'get_weather',
  'tiny_image',
  'tiny_audio',
  'embedded_resource',
  'resource_link',
  'fail',
  'delete_item',
  'count_slowly',
  'stray_progress',
  'plan_trip',
  'list_regions',
  'sleep',
  'log_message',
  'confirm_action',
];

/** The two 2026-07-28 fixtures, for suites that run the same checks against each. */
export const MODERN_FIXTURES = [
  { label: 'FastMCP fixture (modern path)', name: 'fastmcp-fixture', start: () => startFastMCP() },
  { label: 'TypeScript SDK v2 fixture', name: 'ts-fixture', start: () => startTsServer() },
];
