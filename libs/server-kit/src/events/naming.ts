import { Streams, type EventContext, type Subject } from '@aba/contracts/events';

/**
 * Subject and stream names on the wire. A non-empty prefix isolates one deployment or test run
 * from another on a shared NATS server.
 */
export class EventNaming {
  constructor(readonly prefix: string) {}

  subject(subject: Subject | string): string {
    return this.prefix ? `${this.prefix}.${subject}` : subject;
  }

  /** The catalogue subject of a wire subject. */
  unprefixed(wireSubject: string): string {
    return this.prefix && wireSubject.startsWith(`${this.prefix}.`)
      ? wireSubject.slice(this.prefix.length + 1)
      : wireSubject;
  }

  stream(context: EventContext): string {
    return this.prefix ? `${this.prefix}_${Streams[context]}` : Streams[context];
  }

  streamSubjects(context: EventContext): string {
    return this.subject(`${context}.>`);
  }

  get deadLetterStream(): string {
    return this.prefix ? `${this.prefix}_DEAD_LETTER` : 'DEAD_LETTER';
  }

  /** Where an event goes after its handler failed `maxDeliver` times: `dead-letter.<consumer>.<subject>`. */
  deadLetterSubject(consumer: string, subject: string): string {
    return this.subject(`dead-letter.${consumer}.${subject}`);
  }

  get deadLetterSubjects(): string {
    return this.subject('dead-letter.>');
  }
}
