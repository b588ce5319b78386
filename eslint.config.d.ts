// Types of what eslint.config.js exports besides the config (test/architecture/floors.test.ts reads them).
declare const config: unknown[];
export default config;
/** feature folder (src/main/features/<name>) -> the other features it may import. */
export declare const FEATURE_USES: Record<string, string[]>;
/** Features that may import src/sandbox. */
export declare const SANDBOX_USERS: string[];
/** The renderer's floors below the features, bottom first (src/renderer/<folder>). */
export declare const RENDERER_FLOORS: string[];
/** The renderer's top floor, the app frame. */
export declare const RENDERER_FRAME: string;
/** renderer feature folder (src/renderer/<name>) -> the other features it may import. */
export declare const RENDERER_FEATURE_USES: Record<string, string[]>;
