//! The file's objects: numbered, written the moment they are complete (streams
//! compressed on a second thread, still in the order they were queued),
//! small ones gathered into object streams, and found through the
//! cross-reference stream that ends the file. This is the only PDF syntax
//! written by hand: what streaming needs and `pdf-writer` leaves to a
//! whole-document writer.

use pdf_writer::{Chunk, Filter, Finish, Name, Rect, Ref, Settings, Str};
use std::collections::VecDeque;
use std::io::{self, Write};
use std::sync::mpsc::{Receiver, Sender};

/// Objects with fixed numbers: the catalog, the page tree, the shared resources.
pub(super) const CATALOG: Ref = Ref::new(1);
pub(super) const PAGES: Ref = Ref::new(2);
pub(super) const RESOURCES: Ref = Ref::new(3);
/// The structure tree's root and its one top element, the document.
pub(super) const STRUCT_ROOT: Ref = Ref::new(4);
pub(super) const DOCUMENT: Ref = Ref::new(5);

/// A chunk for an object stream: no padding, as it is never read by eye uncompressed.
pub(super) fn compact() -> Chunk {
    Chunk::with_settings(Settings { pretty: false })
}

pub(super) fn deflate(data: &[u8]) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec_zlib(data, 6)
}

/// A chunk's one object without its `N 0 obj` and `endobj`, as an object stream holds it.
fn bare_object(bytes: &[u8]) -> &[u8] {
    let start = bytes.iter().position(|b| *b == b'\n').map_or(0, |i| i + 1);
    let end = bytes.windows(6).rposition(|w| w == b"endobj").unwrap_or(bytes.len());
    bytes[start..end].trim_ascii_end()
}

/// Counts bytes so that object offsets can go into the cross-reference table.
struct Counter<W> {
    inner: W,
    written: u64,
}

impl<W: Write> Write for Counter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.written += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Content streams are compressed on a second thread while the next page is
/// made; objects still go out strictly in the order they were queued, so the
/// bytes never depend on timing.
struct Deflater {
    jobs: Option<Sender<Vec<u8>>>,
    done: Receiver<Vec<u8>>,
    worker: Option<std::thread::JoinHandle<()>>,
}

impl Deflater {
    fn start() -> Deflater {
        let (jobs, inbox) = std::sync::mpsc::channel::<Vec<u8>>();
        let (outbox, done) = std::sync::mpsc::channel();
        let worker = std::thread::spawn(move || {
            for data in inbox {
                if outbox.send(deflate(&data)).is_err() {
                    break;
                }
            }
        });
        Deflater {
            jobs: Some(jobs),
            done,
            worker: Some(worker),
        }
    }
}

impl Drop for Deflater {
    fn drop(&mut self) {
        self.jobs.take();
        if let Some(w) = self.worker.take() {
            let _ = w.join();
        }
    }
}

/// An object waiting its turn to be written.
enum Queued {
    /// Complete: the chunk's bytes.
    Ready(Ref, Vec<u8>),
    /// A stream whose data is being compressed; a form has a box.
    Stream(Ref, Option<Rect>),
}

/// Most objects waiting at once: memory stays flat however long the document.
const MAX_QUEUED: usize = 16;

/// Where an object is, for the cross-reference stream.
#[derive(Clone, Copy)]
enum Slot {
    /// Reserved, not written yet.
    Free,
    /// At this byte offset.
    At(u64),
    /// Inside the object stream numbered so, at this index.
    In(u32, u32),
}

/// Objects gathered for one object stream: their offsets line, their bodies.
#[derive(Default)]
struct ObjectStream {
    head: String,
    body: Vec<u8>,
    objects: Vec<Ref>,
}

/// The output and what is known of every object in it.
pub(super) struct Objects<W: Write> {
    out: Counter<W>,
    deflater: Deflater,
    queue: VecDeque<Queued>,
    /// Where each object is, indexed by object number (0 unused).
    slots: Vec<Slot>,
    stream: ObjectStream,
}

impl<W: Write> Objects<W> {
    /// Starts the file: its header, and the fixed objects' numbers reserved.
    pub(super) fn new(out: W) -> io::Result<Objects<W>> {
        let mut objects = Objects {
            out: Counter { inner: out, written: 0 },
            deflater: Deflater::start(),
            queue: VecDeque::new(),
            slots: vec![Slot::Free; DOCUMENT.get() as usize + 1],
            stream: ObjectStream::default(),
        };
        objects.out.write_all(b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n")?;
        Ok(objects)
    }

    pub(super) fn reserve(&mut self) -> Ref {
        self.slots.push(Slot::Free);
        Ref::new(self.slots.len() as i32 - 1)
    }

    /// Writes a chunk holding the one object `id` now, noting where it starts.
    pub(super) fn emit(&mut self, id: Ref, chunk: &Chunk) -> io::Result<()> {
        self.slots[id.get() as usize] = Slot::At(self.out.written);
        self.out.write_all(chunk.as_bytes())
    }

    /// Adds objects (each a chunk holding one) to the next object stream,
    /// written once it holds enough: pages' structures compress together.
    pub(super) fn object_stream(&mut self, objects: &[(Ref, Chunk)]) -> io::Result<()> {
        for (obj, chunk) in objects {
            use std::fmt::Write as _;
            let stream = &mut self.stream;
            let _ = write!(stream.head, "{} {} ", obj.get(), stream.body.len());
            stream.body.extend_from_slice(bare_object(chunk.as_bytes()));
            stream.body.push(b'\n');
            stream.objects.push(*obj);
        }
        if self.stream.objects.len() >= 4096 || self.stream.body.len() >= 1 << 19 {
            self.flush_object_stream()?;
        }
        Ok(())
    }

    /// Writes the object stream being gathered, if it holds anything.
    pub(super) fn flush_object_stream(&mut self) -> io::Result<()> {
        if self.stream.objects.is_empty() {
            return Ok(());
        }
        let ObjectStream { head, body, objects } = std::mem::take(&mut self.stream);
        let id = self.reserve();
        for (index, obj) in objects.iter().enumerate() {
            self.slots[obj.get() as usize] = Slot::In(id.get() as u32, index as u32);
        }
        let first = head.len();
        let mut data = head.into_bytes();
        data.extend(body);
        let mut chunk = compact();
        chunk
            .stream(id, &deflate(&data))
            .filter(Filter::FlateDecode)
            .pair(Name(b"Type"), Name(b"ObjStm"))
            .pair(Name(b"N"), objects.len() as i32)
            .pair(Name(b"First"), first as i32);
        self.enqueue(id, &chunk)
    }

    /// Queues a finished object behind any still being compressed.
    pub(super) fn enqueue(&mut self, id: Ref, chunk: &Chunk) -> io::Result<()> {
        if self.queue.is_empty() {
            return self.emit(id, chunk);
        }
        self.queue.push_back(Queued::Ready(id, chunk.as_bytes().to_vec()));
        self.pump(false)
    }

    /// Queues a stream (a form when it has a box) for compression.
    pub(super) fn enqueue_stream(&mut self, id: Ref, bbox: Option<Rect>, data: Vec<u8>) -> io::Result<()> {
        let jobs = self.deflater.jobs.as_ref().expect("deflater runs until finish");
        jobs.send(data)
            .map_err(|_| io::Error::other("the compression thread stopped"))?;
        self.queue.push_back(Queued::Stream(id, bbox));
        self.pump(false)
    }

    /// Writes queued objects from the front while they are ready; waits for
    /// compression when `wait` is set or the queue is full.
    pub(super) fn pump(&mut self, wait: bool) -> io::Result<()> {
        while let Some(front) = self.queue.front() {
            let data = match front {
                Queued::Ready(..) => None,
                Queued::Stream(..) => {
                    let block = wait || self.queue.len() > MAX_QUEUED;
                    let got = if block {
                        self.deflater.done.recv().ok()
                    } else {
                        self.deflater.done.try_recv().ok()
                    };
                    match got {
                        Some(d) => Some(d),
                        None if block => return Err(io::Error::other("the compression thread stopped")),
                        None => return Ok(()),
                    }
                }
            };
            let id = match self.queue.pop_front().expect("front exists") {
                Queued::Ready(id, bytes) => {
                    self.slots[id.get() as usize] = Slot::At(self.out.written);
                    self.out.write_all(&bytes)?;
                    continue;
                }
                Queued::Stream(id, bbox) => (id, bbox),
            };
            let data = data.expect("a stream has its data");
            let mut chunk = compact();
            match id.1 {
                None => {
                    chunk.stream(id.0, &data).filter(Filter::FlateDecode);
                }
                Some(bbox) => {
                    // Every form draws with the document's one resource dictionary.
                    let mut form = chunk.form_xobject(id.0, &data);
                    form.bbox(bbox);
                    form.filter(Filter::FlateDecode);
                    form.pair(Name(b"Resources"), RESOURCES);
                }
            }
            self.emit(id.0, &chunk)?;
        }
        Ok(())
    }

    /// Ends the file with the cross-reference stream, which is also the
    /// trailer, naming the document information `info` and the file's `id`;
    /// returns the output.
    pub(super) fn finish(mut self, info: Ref, id: &[u8]) -> io::Result<W> {
        // The bookkeeping of a document written as it goes. Each entry is a
        // type (0 free, 1 at an offset, 2 in an object stream) and two numbers.
        let xref = self.reserve();
        let at = self.out.written;
        self.slots[xref.get() as usize] = Slot::At(at);
        // Fields as wide as the largest offset and index need.
        let entries: Vec<(u8, u64, u64)> = self
            .slots
            .iter()
            .map(|slot| match *slot {
                Slot::Free => (0, 0, 0),
                Slot::At(offset) => (1, offset, 0),
                Slot::In(stream, index) => (2, stream as u64, index as u64),
            })
            .collect();
        let bytes = |v: u64| (8 - v.leading_zeros() as usize / 8).max(1);
        let wide = bytes(entries.iter().map(|e| e.1).max().unwrap_or(0));
        let narrow = bytes(entries.iter().map(|e| e.2).max().unwrap_or(0));
        let mut table = Vec::with_capacity(entries.len() * (1 + wide + narrow));
        for (kind, a, b) in entries {
            table.push(kind);
            table.extend(&a.to_be_bytes()[8 - wide..]);
            table.extend(&b.to_be_bytes()[8 - narrow..]);
        }
        let data = deflate(&table);
        let mut chunk = compact();
        let mut stream = chunk.stream(xref, &data);
        stream
            .filter(Filter::FlateDecode)
            .pair(Name(b"Type"), Name(b"XRef"))
            .pair(Name(b"Size"), self.slots.len() as i32)
            .pair(Name(b"Root"), CATALOG)
            .pair(Name(b"Info"), info);
        stream.insert(Name(b"W")).array().items([1, wide as i32, narrow as i32]);
        stream.insert(Name(b"ID")).array().items([Str(id), Str(id)]);
        stream.finish();
        self.out.write_all(chunk.as_bytes())?;
        self.out.write_all(format!("startxref\n{at}\n%%EOF\n").as_bytes())?;
        self.out.flush()?;
        Ok(self.out.inner)
    }
}
