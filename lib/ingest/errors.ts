/**
 * The error an ingest run's plan raises for a request it cannot carry out (an unknown outlet, a
 * folder that does not exist). The domain knows nothing of HTTP: the edge (lib/http/errors.ts)
 * answers it as a validation error, the command line prints its message.
 */
export class IngestRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "IngestRequestError";
  }
}
