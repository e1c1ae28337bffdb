import { ErrorMessages } from '@aba/contracts/api';
import { PaymentRequired } from '@aba/server-kit';

export class LicenceMissing extends PaymentRequired {
  constructor() {
    super(ErrorMessages.licenceMissing);
  }
}
