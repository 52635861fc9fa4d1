/** Joins class names, skipping empty ones. */
export declare function classes(...names: (string | false | null | undefined)[]): string;
