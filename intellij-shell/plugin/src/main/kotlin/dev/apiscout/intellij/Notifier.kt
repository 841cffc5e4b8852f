package dev.apiscout.intellij

import com.intellij.notification.NotificationGroupManager
import com.intellij.notification.NotificationType
import com.intellij.openapi.project.Project
import dev.apiscout.bridge.protocol.HostNotification
import dev.apiscout.bridge.protocol.HostNotificationLevel

/** Balloons of the "apiscout" notification group. */
object Notifier {
    fun error(project: Project?, message: String) = notify(project, "", message, NotificationType.ERROR)
    fun warning(project: Project?, message: String) = notify(project, "", message, NotificationType.WARNING)
    fun info(project: Project?, message: String) = notify(project, "", message, NotificationType.INFORMATION)

    /** A notification the explorer page asked for (host/notify). */
    fun show(project: Project?, n: HostNotification) = notify(
        project,
        n.title,
        n.message,
        when (n.level) {
            HostNotificationLevel.INFO -> NotificationType.INFORMATION
            HostNotificationLevel.WARNING -> NotificationType.WARNING
            HostNotificationLevel.ERROR -> NotificationType.ERROR
        },
    )

    private fun notify(project: Project?, title: String, message: String, type: NotificationType) {
        NotificationGroupManager.getInstance().getNotificationGroup("apiscout").createNotification(title, message, type).notify(project)
    }
}
