import 'reflect-metadata';
import { serviceFoundationSuite } from '@aba/server-kit/testing';
import { billingService } from './service.js';

serviceFoundationSuite(billingService);
