/** Runs a command-line entry point: prints a readable error (no stack for known ones) and sets the exit code. */
export function runScript(main: () => Promise<void>): void {
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (error: unknown) => {
      const known =
        error instanceof Error &&
        /DatabaseLockedError|DataFolderMissingError|Invalid configuration/.test(
          `${error.name} ${error.message}`,
        );
      console.error(known ? `Error: ${(error as Error).message}` : error);
      process.exit(1);
    },
  );
}
