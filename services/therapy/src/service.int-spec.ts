import 'reflect-metadata';
import { serviceFoundationSuite } from '@aba/server-kit/testing';
import { therapyService } from './service.js';

serviceFoundationSuite(therapyService);
