/** Why `root`'s build is out of date (a file newer than it, or no build), or undefined when it is not. */
export function staleBuild(root: string): string | undefined;
