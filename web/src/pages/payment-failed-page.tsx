export default function PaymentFailedPage() {
  return <div className="p-6">PaymentFailed</div>;
}
