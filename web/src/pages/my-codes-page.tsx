export default function MyCodesPage() {
  return <div className="p-6">MyCodes</div>;
}
