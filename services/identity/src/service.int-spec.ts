import 'reflect-metadata';
import { serviceFoundationSuite } from '@aba/server-kit/testing';
import { identityService } from './service.js';

serviceFoundationSuite(identityService);
