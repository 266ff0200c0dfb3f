/**
 * Gathers single calls into batches: a call that arrives while a batch of its kind is running waits and goes with the
 * next one, together with every call that arrived meanwhile. Built for statements that thousands of headsets run
 * alike (services/headsets/headsetSide.ts): one statement for 30 headsets costs about what one costs for one, and PGlite runs
 * one statement at a time, so 30 single statements would queue behind each other. A call that finds nothing running
 * goes at once, alone: batching adds no wait to a quiet server.
 *
 * `run` gets the inputs in arrival order and answers one outcome per input, in the same order: a value, or an error
 * for that input alone. When `run` itself fails, every call of that batch fails with its error — unless `isolate`
 * says the error may come from one call's input (a value the database refuses): then each call of the batch runs
 * again alone, so that only the call that carried it fails. Either way the next batch runs as usual.
 */
export class Batches<Input, Output> {
  private waiting: Call<Input, Output>[] = [];
  private running = false;
  private readonly maxBatch: number;
  private readonly isolate: (error: unknown) => boolean;

  constructor(
    private readonly run: (inputs: Input[]) => Promise<(Output | BatchItemError)[]>,
    options: BatchOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 500;
    this.isolate = options.isolate ?? (() => false);
  }

  call(input: Input): Promise<Output> {
    return new Promise<Output>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.waiting.length > 0) await this.settle(this.waiting.splice(0, this.maxBatch));
    } finally {
      this.running = false;
    }
  }

  private async settle(batch: Call<Input, Output>[]): Promise<void> {
    let outcomes: (Output | BatchItemError)[];
    try {
      outcomes = await this.run(batch.map((call) => call.input));
    } catch (error) {
      if (batch.length > 1 && this.isolate(error)) {
        for (const call of batch) await this.settle([call]);
      } else {
        for (const call of batch) call.reject(error);
      }
      return;
    }
    batch.forEach((call, i) => {
      const outcome = outcomes[i];
      if (outcome instanceof BatchItemError) call.reject(outcome.error);
      else if (i >= outcomes.length) call.reject(new Error('batch answered fewer outcomes than calls'));
      else call.resolve(outcome as Output);
    });
  }
}

export interface BatchOptions {
  /** The most calls one batch carries (500). */
  maxBatch?: number;
  /** Whether an error of a whole batch may be one call's doing, so each call is tried alone (default: never). */
  isolate?: (error: unknown) => boolean;
}

interface Call<Input, Output> {
  input: Input;
  resolve: (output: Output) => void;
  reject: (error: unknown) => void;
}

/** The outcome of one input of a batch that failed on its own (the others' outcomes stand). */
export class BatchItemError {
  constructor(readonly error: unknown) {}
}
