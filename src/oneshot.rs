//! A one-shot channel for one thread: one value from a [`Sender`] to a [`Receiver`], which
//! resolves to it, or to [`Canceled`] once the sender is dropped without sending.
//!
//! The crate runs on one thread (the wasm instance's, or a test's executor), so the shared
//! slot is an `Rc<RefCell<…>>`. `futures_channel::oneshot`, which it replaces, is built for
//! threads (an `Arc`, atomics and locks) and compiled to several times the code for each
//! type sent (see docs/wasm-size.md).

use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll, Waker};

struct Slot<T> {
    value: Option<T>,
    waker: Option<Waker>,
    /// The sender was dropped (after sending or not).
    sender_gone: bool,
    /// The receiver was dropped: a send fails.
    receiver_gone: bool,
}

/// The sending half: [`Sender::send`] once, or drop it to cancel.
pub struct Sender<T>(Rc<RefCell<Slot<T>>>);

/// The receiving half: a future of the value sent, or of [`Canceled`].
pub struct Receiver<T>(Rc<RefCell<Slot<T>>>);

/// The sender was dropped without sending.
#[derive(Debug, PartialEq, Eq)]
pub struct Canceled;

/// A new channel.
pub fn channel<T>() -> (Sender<T>, Receiver<T>) {
    let slot = Rc::new(RefCell::new(Slot {
        value: None,
        waker: None,
        sender_gone: false,
        receiver_gone: false,
    }));
    (Sender(slot.clone()), Receiver(slot))
}

impl<T> Sender<T> {
    /// Hands `value` to the receiver, or gives it back when the receiver is gone.
    ///
    /// # Errors
    ///
    /// `value` itself when the receiver was dropped.
    pub fn send(self, value: T) -> Result<(), T> {
        let mut slot = self.0.borrow_mut();
        if slot.receiver_gone {
            return Err(value);
        }
        slot.value = Some(value);
        Ok(())
        // the drop of `self` wakes the receiver
    }
}

impl<T> Drop for Sender<T> {
    fn drop(&mut self) {
        let waker = {
            let mut slot = self.0.borrow_mut();
            slot.sender_gone = true;
            slot.waker.take()
        };
        if let Some(waker) = waker {
            waker.wake();
        }
    }
}

impl<T> Future for Receiver<T> {
    type Output = Result<T, Canceled>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let mut slot = self.0.borrow_mut();
        if let Some(value) = slot.value.take() {
            return Poll::Ready(Ok(value));
        }
        if slot.sender_gone {
            return Poll::Ready(Err(Canceled));
        }
        slot.waker = Some(cx.waker().clone());
        Poll::Pending
    }
}

impl<T> Drop for Receiver<T> {
    fn drop(&mut self) {
        let mut slot = self.0.borrow_mut();
        slot.receiver_gone = true;
        // a value sent but never received is dropped with the last half
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures_executor::block_on;

    #[test]
    fn delivers_once_or_reports_the_dropped_sender() {
        let (tx, rx) = channel();
        assert!(tx.send(5).is_ok());
        assert_eq!(block_on(rx), Ok(5));

        let (tx, rx) = channel::<u8>();
        drop(tx);
        assert_eq!(block_on(rx), Err(Canceled));

        let (tx, rx) = channel();
        drop(rx);
        assert_eq!(tx.send(7), Err(7));
    }

    #[test]
    fn wakes_a_waiting_receiver() {
        let (tx, rx) = channel();
        let (mut rx, sent) = (rx, std::cell::Cell::new(Some(tx)));
        let out = block_on(std::future::poll_fn(|cx| {
            match Pin::new(&mut rx).poll(cx) {
                Poll::Ready(v) => Poll::Ready(v),
                Poll::Pending => {
                    // the first poll waits; the send wakes it for the second
                    if let Some(tx) = sent.take() {
                        tx.send("hi").unwrap();
                    }
                    Poll::Pending
                }
            }
        }));
        assert_eq!(out, Ok("hi"));
    }
}
