/** The `--` options of package.json's start script under `root`, in order. */
export function serverNodeOptions(root: string): string[];
