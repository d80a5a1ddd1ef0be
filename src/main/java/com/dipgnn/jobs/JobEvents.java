package com.dipgnn.jobs;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * Server-Sent Events of jobs: each subscriber of a job gets a {@code progress} event as the job
 * advances and a {@code state} event when its state changes; the stream ends when the job does.
 */
@Component
public class JobEvents {

    /** Event name of progress updates. */
    public static final String PROGRESS = "progress";
    /** Event name of state changes. */
    public static final String STATE = "state";

    private static final long TIMEOUT_MS = 60L * 60 * 1000;

    private final Map<String, List<SseEmitter>> subscribers = new ConcurrentHashMap<>();

    /** A new stream of the job's events, starting with {@code first} (its current view). */
    public SseEmitter subscribe(String jobId, Object first, boolean ended) {
        SseEmitter emitter = new SseEmitter(TIMEOUT_MS);
        if (!send(emitter, STATE, first)) {
            return emitter;
        }
        if (ended) {
            emitter.complete();
            return emitter;
        }
        List<SseEmitter> list = subscribers.computeIfAbsent(jobId, k -> new CopyOnWriteArrayList<>());
        list.add(emitter);
        Runnable remove = () -> list.remove(emitter);
        emitter.onCompletion(remove);
        emitter.onTimeout(remove);
        emitter.onError(e -> remove.run());
        return emitter;
    }

    /** The jobs that have subscribers now. */
    public Set<String> watchedJobs() {
        return Set.copyOf(subscribers.keySet());
    }

    public void publish(String jobId, String event, Object data) {
        List<SseEmitter> list = subscribers.get(jobId);
        if (list != null) {
            list.removeIf(emitter -> !send(emitter, event, data));
        }
    }

    /** Sends the final state and ends every stream of the job. */
    public void end(String jobId, Object last) {
        List<SseEmitter> list = subscribers.remove(jobId);
        if (list != null) {
            for (SseEmitter emitter : list) {
                if (send(emitter, STATE, last)) {
                    emitter.complete();
                }
            }
        }
    }

    private static boolean send(SseEmitter emitter, String event, Object data) {
        try {
            emitter.send(SseEmitter.event().name(event).data(data));
            return true;
        } catch (IOException | IllegalStateException e) {
            emitter.completeWithError(e);
            return false;
        }
    }
}
