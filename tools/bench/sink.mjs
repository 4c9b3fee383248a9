// The analytics collector of `npm run bench:paired`, in its own process so that its CPU is not the
// measured process's: answers 200 to everything, sends its port to the parent.
import { createServer } from 'node:http';

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(200).end());
});
server.listen(0, '127.0.0.1', () => process.send?.(server.address().port));
process.on('disconnect', () => server.close());
