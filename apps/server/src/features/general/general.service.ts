// Dictionaries (grades, subjects): public reads the web makes before it knows who is logged in.
import type { Grade, Subject } from '@edu/contract';
import type { GeneralRepository } from './general.repository.js';

export class GeneralService {
  constructor(private readonly repo: GeneralRepository) {}

  grades(): Promise<Grade[]> {
    return this.repo.grades();
  }

  subjects(): Promise<Subject[]> {
    return this.repo.subjects();
  }
}
