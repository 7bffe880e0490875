/**
 * A link standing on its own line ("Forgot password?", "Back to log in"): a thumb's height, its text centred
 * in it. A link inside a sentence keeps the line's height, as WCAG's target size allows.
 */
export const THUMB_LINK = { display: 'inline-flex', alignItems: 'center', minHeight: 40 } as const;
