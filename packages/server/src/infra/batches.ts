/**
 * Gathers single calls into batches: a call that arrives while a batch of its kind is running waits and goes with the
 * next one, together with every call that arrived meanwhile. Built for statements that thousands of headsets run
 * alike (services/headset.ts): one statement for 30 headsets costs about what one costs for one, and PGlite runs one
 * statement at a time, so 30 single statements would queue behind each other. A call that finds nothing running goes
 * at once, alone: batching adds no wait to a quiet server.
 *
 * `run` gets the inputs in arrival order and answers one outcome per input, in the same order: a value, or an error
 * for that input alone. When `run` itself fails, every call of that batch fails with its error.
 */
export class Batches<Input, Output> {
  private waiting: { input: Input; resolve: (output: Output) => void; reject: (error: unknown) => void }[] =
    [];
  private running = false;

  constructor(
    private readonly run: (inputs: Input[]) => Promise<(Output | BatchItemError)[]>,
    private readonly maxBatch = 500,
  ) {}

  call(input: Input): Promise<Output> {
    return new Promise<Output>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, this.maxBatch);
        try {
          const outcomes = await this.run(batch.map((call) => call.input));
          batch.forEach((call, i) => {
            const outcome = outcomes[i];
            if (outcome instanceof BatchItemError) call.reject(outcome.error);
            else if (i >= outcomes.length) call.reject(new Error('batch answered fewer outcomes than calls'));
            else call.resolve(outcome as Output);
          });
        } catch (error) {
          for (const call of batch) call.reject(error);
        }
      }
    } finally {
      this.running = false;
    }
  }
}

/** The outcome of one input of a batch that failed on its own (the others' outcomes stand). */
export class BatchItemError {
  constructor(readonly error: unknown) {}
}
