export default function HomePage() {
  return <div className="p-6">Home</div>;
}
