// Payment Runs as the app composes it, its own lazy module: the runs' grid (features/paymentruns)
// with the queue of the runs a worker is making (features/reports); a feature never imports another.
import { PaymentRunsPage } from '../features/paymentruns/PaymentRunPages';
import { PaymentRunJobQueue } from '../features/reports/PaymentRunJobQueue';

export const PaymentRunsScreen = () => <PaymentRunsPage jobQueue={<PaymentRunJobQueue />} />;
